import AuthCheckCLI
import Foundation

exit(AuthCheckCLI.run(arguments: Array(CommandLine.arguments.dropFirst())))

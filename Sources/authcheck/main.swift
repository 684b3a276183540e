import AuthCheckCLI
import Foundation

exit(AuthCheckCLI.main())

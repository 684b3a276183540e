import UIKit

final class RunViewController: UIViewController {
  private let recorder = RunRecorder.shared

  @IBAction func startTapped(_ sender: UIButton) {
    recorder.start()
  }

  @IBAction func stopTapped(_ sender: UIButton) {
    recorder.stop()
  }
}

/// One breadth-first search of a transition system: the engine behind `Explorer.run()`.
///
/// The search is level-synchronous. Each level's frontier (the packed states at one distance,
/// in discovery order) is cut into batches, and each batch into parts; for each part:
/// - phase A: the part is split into one contiguous range per thread; each thread unpacks its
///   states, checks the state conditions on them, tries every action, checks the transition
///   conditions, and buffers the successors that are not yet in the visited set, per shard;
/// - phase B: each thread inserts the buffered successors of its own shards, in the order they
///   were discovered, and keeps in the buffers only the new ones; the coordinating thread then
///   merges them into the next frontier in sequence order and frees the part's frontier chunks.
///
/// Sequence numbers, `(position - part start) * action count + action index`, make the result
/// independent of the thread count: the next frontier is in discovery order, and the first hit
/// of a property in a level is the first in action order.
///
/// The state limit stops the search at the end of a batch: once a part reaches the limit, the
/// rest of its batch is still expanded (its transitions counted, its hits recorded) but nothing
/// more is stored. An incomplete search reports the same whatever the part size; parts only
/// bound the memory of the candidates.
///
/// Memory: the visited set (keys only, `VisitedSet`), the two frontiers (chunked, `Frontier`),
/// and per thread one part's candidates and a small filter of its recent ones; a part has at
/// most as many sequence numbers as there are states stored (but at least `minPartSequences`
/// and at most `maxPartSequences`), so that the buffers stay small beside the states.
/// No parent links are kept: a hit is kept as the hit state's key and depth and the action,
/// and once the search is over, with its memory released, `PathSearch` searches again to turn
/// those into paths.
///
/// The hot path is `@inlinable` so that it is specialized for the concrete system, whichever
/// module defines it, and calls `next`, `pack` and `unpack` directly.
///
/// `@unchecked Sendable`: the coordinating thread writes the shared fields only between
/// parallel phases; in phase A threads read them and write only their own `Worker`; in phase B
/// each shard of `visited`, and that shard's buffer in every worker, is written by one thread.
@usableFromInline
final class ExplorationRun<System, Hints: SearchHints>: @unchecked Sendable
where Hints.System == System {
  @usableFromInline typealias State = System.State
  @usableFromInline typealias Action = System.Action
  @usableFromInline typealias Verdict = PropertyResult<System>.Verdict
  @usableFromInline typealias Target = PathSearch<System, Hints>.Target

  /// The most sequence numbers in a part: the candidates buffered for one part, 12 bytes each,
  /// are a fraction of them. Each part costs two rounds of waking the threads, so parts are
  /// made large enough for that to be rare, at about 1 byte more per stored state than half
  /// this (the measurements are in Benchmarks/NOTES.md).
  @usableFromInline static var maxPartSequences: Int { 1 << 17 }

  /// The fewest sequence numbers in a part. Between this and `maxPartSequences`, a part has as
  /// many sequence numbers as there are states stored, so that a small search's candidates (a
  /// few per hundred sequence numbers) stay a small fraction of its states: with parts of the
  /// largest size, one part held a whole level of an app file's exploration of 30,000 states,
  /// and its candidates took a quarter of the memory.
  @usableFromInline static var minPartSequences: Int { 1 << 13 }

  /// A state condition to evaluate: hit when `condition(state) != isAlways`, or, for a finding
  /// (`condition` nil), when the state's findings have `finding` set.
  @usableFromInline
  struct StateCheck {
    @usableFromInline let index: Int
    @usableFromInline let isAlways: Bool
    @usableFromInline let condition: (@Sendable (State) -> Bool)?
    @usableFromInline let finding: UInt64
  }

  /// A transition condition to evaluate: hit when `condition(…) != isAlways`, or, for a finding
  /// (`condition` nil), when the successor's findings have `finding` set.
  @usableFromInline
  struct TransitionCheck {
    @usableFromInline let index: Int
    @usableFromInline let isAlways: Bool
    @usableFromInline let condition: (@Sendable (State, Action, State) -> Bool)?
    @usableFromInline let finding: UInt64
  }

  @usableFromInline let system: System
  /// The system's hints, or none.
  @usableFromInline let hints: Hints
  @usableFromInline let actions: [Action]
  @usableFromInline let properties: [Property<System>]
  @usableFromInline let options: ExplorationOptions
  @usableFromInline let threads: Int
  /// Whether steps marked as self-loops are counted without being taken: unless a property
  /// checks transitions with a closure, which might flag such a step. Decided once, so that
  /// `PathSearch` repeats the same search.
  @usableFromInline let skipsSelfLoops: Bool
  /// Frontier states per batch, the steps of the state limit: at most `1 << 20` sequence
  /// numbers.
  @usableFromInline let batchSize: Int
  /// Frontier states per part, expanded and stored together, at most.
  @usableFromInline let partSize: Int
  /// Frontier states whose successors are looked up together, about 256 successors.
  @usableFromInline let groupSize: Int
  /// The states stored; replaced by an empty set once the search is over.
  @usableFromInline var visited: VisitedSet
  @usableFromInline let workers: [Worker]
  @usableFromInline var frontier = Frontier()
  @usableFromInline var nextFrontier = Frontier()
  /// The distance of the states in `frontier`.
  @usableFromInline var level = 0
  /// The number of states at each distance expanded so far.
  @usableFromInline var levelSizes: [Int] = []
  @usableFromInline var transitions = 0
  @usableFromInline var completion = ExplorationResult<System>.Completion.complete
  /// Per property, where the search decided it (violated or reached), once it has.
  @usableFromInline var decided: [Target?]
  /// Per property, the first hit of the level being expanded.
  @usableFromInline var levelHits: [Target?]
  @usableFromInline var stateChecks: [StateCheck] = []
  @usableFromInline var transitionChecks: [TransitionCheck] = []
  @usableFromInline var peakBytes = 0
  @usableFromInline let start = ContinuousClock.now
  @usableFromInline var lastReport: (time: ContinuousClock.Instant, states: Int)

  @usableFromInline
  init(system: System, hints: Hints, options: ExplorationOptions) {
    self.system = system
    self.hints = hints
    self.options = options
    actions = system.actions
    properties = system.properties
    skipsSelfLoops = !properties.contains { property in
      if case .transition = property.condition { return true }
      return false
    }
    threads = max(1, options.threads)
    batchSize = max(1, min(1 << 16, (1 << 20) / max(1, actions.count)))
    partSize = max(1, min(batchSize, Self.maxPartSequences / max(1, actions.count)))
    visited = VisitedSet(expectedStates: options.reservedStates ?? options.maxStates ?? 0)
    groupSize = max(1, 256 / max(1, actions.count))
    let successorCapacity = groupSize * max(1, actions.count)
    let sequenceLimit = partSize * max(1, actions.count)
    workers = (0..<threads).map { _ in
      Worker(
        propertyCount: system.properties.count, successorCapacity: successorCapacity,
        sequenceLimit: sequenceLimit)
    }
    decided = Array(repeating: nil, count: properties.count)
    levelHits = Array(repeating: nil, count: properties.count)
    lastReport = (start, 0)
  }

  /// Runs the search to the end, or to a limit, and returns the result.
  @inlinable
  func run() -> ExplorationResult<System> {
    seedInitialStates()
    search: while !frontier.isEmpty && completion == .complete {
      levelSizes.append(frontier.count)
      prepareChecks()
      var batchStart = 0
      while batchStart < frontier.count {
        let batch = batchStart..<min(frontier.count, batchStart + batchSize)
        let inserted = expandAndStore(batch)
        batchStart = batch.upperBound
        if !inserted {
          completion = .stateLimitReached
          resolveLevelHits()
          break search
        }
        reportProgress(queued: frontier.count - batchStart + nextFrontier.count)
      }
      resolveLevelHits()
      let invariants = properties.indices.filter { properties[$0].kind == .always }
      if options.stopWhenEveryInvariantIsViolated && !invariants.isEmpty
        && invariants.allSatisfy({ decided[$0] != nil }) && !nextFrontier.isEmpty
      {
        completion = .stoppedEarly
        break search
      }
      swap(&frontier, &nextFrontier)
      nextFrontier.removeAll()
      if !frontier.isEmpty { level += 1 }
    }
    return result()
  }

  /// Expands `batch` part by part, storing each part's new states before the next part.
  ///
  /// - Returns: `false` if the state limit stopped it; the rest of the batch is then expanded
  ///   without storing anything.
  @inlinable
  func expandAndStore(_ batch: Range<Int>) -> Bool {
    var stored = true
    var partStart = batch.lowerBound
    while partStart < batch.upperBound {
      let part = partStart..<min(batch.upperBound, partStart + nextPartSize)
      expand(part)
      if stored {
        stored = insertCandidates(of: part)
      } else {
        discardCandidates(of: part)
      }
      partStart = part.upperBound
    }
    return stored
  }

  /// Frontier states in the next part: as many sequence numbers as there are states stored,
  /// within `minPartSequences…maxPartSequences`, and at most `partSize` states.
  @inlinable
  var nextPartSize: Int {
    let sequences = min(Self.maxPartSequences, max(Self.minPartSequences, visited.count))
    return max(1, min(partSize, sequences / max(1, actions.count)))
  }

  /// Phase A for `part`: expands each thread's range into its worker.
  @inlinable
  func expand(_ part: Range<Int>) {
    let reader = visited.reader
    let stateChecks = stateChecks
    let transitionChecks = transitionChecks
    let threads = min(threads, part.count)
    let chunk = (part.count + threads - 1) / threads
    frontier.withChunks { frontier in
      actions.withUnsafeBufferPointer { actions in
        concurrently(threads) { thread in
          let lower = part.lowerBound + thread * chunk
          let upper = min(part.upperBound, lower + chunk)
          guard lower < upper else { return }
          expand(
            lower..<upper, partStart: part.lowerBound, frontier: frontier, actions: actions,
            reader: reader, stateChecks: stateChecks, transitionChecks: transitionChecks,
            into: workers[thread])
        }
      }
    }
    for worker in workers {
      transitions += worker.transitions
      for index in levelHits.indices where levelHits[index] == nil {
        guard let hit = worker.hits[index] else { continue }
        levelHits[index] = Target(key: frontier[hit.position], depth: level, action: hit.action)
      }
    }
    peakBytes = max(peakBytes, bytes)
  }

  /// The hot loop: expands the frontier positions in `range` into `worker`.
  ///
  /// Lookups in the visited set miss the cache, so the loop hides them behind the system's work:
  /// it computes the successors of a group of states, prefetches all their home slots back to
  /// back, and probes them only after computing the next group's successors, by which time
  /// the slots are in the cache. Successors are probed, and buffered, in the order they were
  /// computed. The frontier is read in order.
  @inlinable
  func expand(
    _ range: Range<Int>, partStart: Int,
    frontier: UnsafeBufferPointer<UnsafeMutablePointer<UInt64>?>,
    actions: UnsafeBufferPointer<Action>, reader: VisitedSet.Reader,
    stateChecks: [StateCheck], transitionChecks: [TransitionCheck], into worker: Worker
  ) {
    let actionCount = actions.count
    // The bits of the actions, among the first 64.
    let actionBits: UInt64 = actionCount >= 64 ? .max : (1 &<< UInt64(actionCount)) &- 1
    var transitions = 0
    let stateConditions = stateChecks.contains { $0.condition != nil }
    let stateFindings = stateChecks.reduce(0) { $0 | $1.finding }
    let transitionConditions = transitionChecks.contains { $0.condition != nil }
    let transitionFindings = transitionChecks.reduce(0) { $0 | $1.finding }
    stateChecks.withUnsafeBufferPointer { stateChecks in
      transitionChecks.withUnsafeBufferPointer { transitionChecks in
        // The successors of the group before, prefetched, waiting to be probed.
        var waiting = 0
        var half = 0
        var groupStart = range.lowerBound
        while groupStart < range.upperBound {
          let group = groupStart..<min(range.upperBound, groupStart + groupSize)
          let (keys, hashes, sequences) = worker.successors(half: half)
          var count = 0
          for position in group {
            let key = frontier[position &>> Frontier.chunkBits].unsafelyUnwrapped[
              position & (Frontier.chunkSize - 1)]
            let before = hints.unpack(key, findingsWanted: stateFindings)
            let beforeFindings = system.findings(of: before)
            // Hits are rare: one test of the findings stands for the checks that read them (an
            // `if` around the loop: a loop's `where` would still walk every check).
            if stateConditions || beforeFindings & stateFindings != 0 {
              for check in stateChecks.indices {
                let hit: Bool
                if let condition = stateChecks[check].condition {
                  hit = condition(before) != stateChecks[check].isAlways
                } else {
                  hit = beforeFindings & stateChecks[check].finding != 0
                }
                if hit { worker.record(stateChecks[check].index, position: position, action: -1) }
              }
            }
            let firstSequence = (position - partStart) * actionCount
            let refused = hints.refusedActions(in: before)
            // Steps back to the state itself that find nothing: counted, not taken.
            let selfLoops =
              skipsSelfLoops
              ? hints.selfLoopActions(in: before, refused: refused) & ~refused & actionBits : 0
            transitions &+= selfLoops.nonzeroBitCount
            var after = before
            for actionIndex in System.unmarkedActions(refused | selfLoops, count: actionCount) {
              let action = actions[actionIndex]
              guard hints.next(before, action, into: &after) else { continue }
              transitions &+= 1
              let afterFindings = system.findings(of: after)
              if transitionConditions || afterFindings & transitionFindings != 0 {
                for check in transitionChecks.indices {
                  let hit: Bool
                  if let condition = transitionChecks[check].condition {
                    hit = condition(before, action, after) != transitionChecks[check].isAlways
                  } else {
                    hit = afterFindings & transitionChecks[check].finding != 0
                  }
                  if hit {
                    worker.record(
                      transitionChecks[check].index, position: position, action: actionIndex)
                  }
                }
              }
              let successor = system.pack(after)
              // A step back to the state itself needs no lookup: it is stored.
              if successor == key { continue }
              keys[count] = successor
              hashes[count] = VisitedSet.hash(successor)
              sequences[count] = UInt32(truncatingIfNeeded: firstSequence &+ actionIndex)
              count &+= 1
            }
          }
          for index in 0..<count { reader.prefetchHomeSlot(hashes[index]) }
          half ^= 1
          probe(waiting, from: worker, half: half, reader: reader)
          waiting = count
          groupStart = group.upperBound
        }
        probe(waiting, from: worker, half: half ^ 1, reader: reader)
      }
    }
    worker.transitions = transitions
  }

  /// Buffers those of the first `count` successors in half `half` of `worker`'s successor
  /// arrays that are not in the visited set.
  @inlinable @inline(__always)
  func probe(_ count: Int, from worker: Worker, half: Int, reader: VisitedSet.Reader) {
    let (keys, hashes, sequences) = worker.successors(half: half)
    let buffers = worker.buffers
    for index in 0..<count where !reader.contains(keys[index], hash: hashes[index]) {
      if worker.isRecentCandidate(keys[index], hash: hashes[index]) { continue }
      buffers[VisitedSet.shard(hashes[index])].append(keys[index], sequence: sequences[index])
    }
  }

  /// Phase B for `part`: stores the new states and appends them to the next frontier.
  ///
  /// - Returns: `false` if the state limit stopped it (the states before the limit are kept).
  @inlinable
  func insertCandidates(of part: Range<Int>) -> Bool {
    let shards = VisitedSet.shardCount
    var incoming = Array(repeating: 0, count: shards)
    for worker in workers {
      for shard in 0..<shards { incoming[shard] += worker.buffers[shard].count }
    }
    let total = incoming.reduce(0, +)
    guard let growing = visited.makeRoom(for: incoming, threads: threads) else {
      discardCandidates(of: part)
      return false
    }
    peakBytes = max(peakBytes, growing + bytes - visited.bytes)
    if let maxStates = options.maxStates, visited.count + total > maxStates {
      return finishPart(part, keeping: maxStates - visited.count)
    }
    let workers = workers
    let visited = visited
    concurrently(threads) { thread in
      for shard in stride(from: thread, to: shards, by: threads) {
        visited.insertCandidates(shard: shard, from: workers)
      }
    }
    return finishPart(part, keeping: nil)
  }

  /// Stores nothing from `part`: frees its frontier chunks and empties the workers.
  @inlinable
  func discardCandidates(of part: Range<Int>) {
    frontier.release(below: part.upperBound)
    for worker in workers { worker.reset() }
  }

  /// Appends the part's new states to the next frontier in sequence order, frees the part's
  /// frontier chunks and empties the workers.
  ///
  /// - Parameter room: `nil` when phase B has left only new states in the buffers; else the
  ///   buffers hold every candidate, and those that are new are inserted here, one at a time in
  ///   sequence order, so that the states kept are the first discovered, up to `room` of them.
  /// - Returns: `false` if a new state found no room.
  @inlinable
  func finishPart(_ part: Range<Int>, keeping limit: Int?) -> Bool {
    frontier.release(below: part.upperBound)
    // Read once: through `self`, every append paid an access check and reference counting.
    let nextFrontier = self.nextFrontier
    var complete = true
    if var room = limit {
      for worker in workers where complete {
        let start = nextFrontier.count
        worker.appendCandidatesInSequenceOrder(
          to: nextFrontier, sequenceCount: part.count * actions.count)
        var kept = start
        for position in start..<nextFrontier.count {
          let key = nextFrontier[position]
          let hash = VisitedSet.hash(key)
          if visited.reader.contains(key, hash: hash) { continue }
          if room == 0 {
            complete = false
            break
          }
          _ = visited.insert(key, hash: hash)
          nextFrontier.replace(at: kept, with: key)
          kept += 1
          room -= 1
        }
        nextFrontier.removeLast(nextFrontier.count - kept)
      }
    } else {
      for worker in workers {
        worker.appendCandidatesInSequenceOrder(
          to: nextFrontier, sequenceCount: part.count * actions.count)
      }
    }
    peakBytes = max(peakBytes, bytes)
    for worker in workers { worker.reset() }
    return complete
  }

  /// Stores the initial states as level 0.
  @inlinable
  func seedInitialStates() {
    for state in system.initialStates {
      let key = system.pack(state)
      let hash = VisitedSet.hash(key)
      if visited.reader.contains(key, hash: hash) { continue }
      if let maxStates = options.maxStates, visited.count >= maxStates {
        completion = .stateLimitReached
        break
      }
      var incoming = Array(repeating: 0, count: VisitedSet.shardCount)
      incoming[VisitedSet.shard(hash)] = 1
      guard let growing = visited.makeRoom(for: incoming, threads: 1) else {
        completion = .stateLimitReached
        break
      }
      peakBytes = max(peakBytes, growing + bytes - visited.bytes)
      _ = visited.insert(key, hash: hash)
      frontier.append(key)
    }
    peakBytes = max(peakBytes, bytes)
  }

  /// Sets the conditions to evaluate in this level: those of undecided properties.
  @usableFromInline
  func prepareChecks() {
    stateChecks = []
    transitionChecks = []
    for (index, property) in properties.enumerated() where decided[index] == nil {
      let isAlways = property.kind == .always
      switch property.condition {
      case .state(let condition):
        stateChecks.append(
          StateCheck(index: index, isAlways: isAlways, condition: condition, finding: 0))
      case .transition(let condition):
        transitionChecks.append(
          TransitionCheck(index: index, isAlways: isAlways, condition: condition, finding: 0))
      case .stateFinding(let bit):
        stateChecks.append(
          StateCheck(index: index, isAlways: isAlways, condition: nil, finding: bit))
      case .transitionFinding(let bit):
        transitionChecks.append(
          TransitionCheck(index: index, isAlways: isAlways, condition: nil, finding: bit))
      }
    }
  }

  /// Records the level's first hits of undecided properties as the places that decide them.
  @inlinable
  func resolveLevelHits() {
    for (index, hit) in levelHits.enumerated() where decided[index] == nil {
      decided[index] = hit
    }
    levelHits = Array(repeating: nil, count: properties.count)
  }

  /// Calls the progress callback if `progressInterval` has passed since the last call.
  @usableFromInline
  func reportProgress(queued: Int) {
    guard let progress = options.progress else { return }
    let now = ContinuousClock.now
    guard now - lastReport.time >= options.progressInterval else { return }
    let states = visited.count
    let rate = Double(states - lastReport.states) / max(1e-9, (now - lastReport.time).seconds)
    lastReport = (now, states)
    progress(
      ExplorationProgress(
        states: states, transitions: transitions, depth: level, statesPerSecond: rate,
        queued: queued, bytes: bytes, seconds: (now - start).seconds))
  }

  /// Bytes held now by the visited set, the frontiers and the workers.
  @inlinable
  var bytes: Int {
    visited.bytes + frontier.bytes + nextFrontier.bytes + workers.reduce(0) { $0 + $1.bytes }
  }

  /// The result of the search, with the paths of the properties it decided.
  ///
  /// Releases the search's memory first, then searches again for the paths: those of violated
  /// invariants, and those of reached witnesses when `options.witnessPaths` is set.
  @inlinable
  func result() -> ExplorationResult<System> {
    let states = visited.count
    let depth = nextFrontier.isEmpty ? level : level + 1
    visited = VisitedSet(expectedStates: 0)
    frontier.removeAll()
    nextFrontier.removeAll()
    let wanted = properties.indices.filter { index in
      decided[index] != nil && (properties[index].kind == .always || options.witnessPaths)
    }
    let targets = wanted.map { decided[$0]! }
    let deepest = targets.map(\.depth).max() ?? -1
    var search = PathSearch(
      system: system, hints: hints, actions: actions, skipsSelfLoops: skipsSelfLoops)
    let found = search.paths(to: targets, states: levelSizes.prefix(deepest + 1).reduce(0, +))
    peakBytes = max(peakBytes, search.peakBytes)
    var paths: [Path<System>?] = Array(repeating: nil, count: properties.count)
    for (index, path) in zip(wanted, found) { paths[index] = path }
    let complete = completion == .complete
    let results = properties.enumerated().map { index, property in
      let verdict: Verdict
      switch (decided[index], property.kind) {
      case (.some, .always): verdict = .violated(paths[index]!)
      case (.some, .sometimes): verdict = .reached(paths[index])
      case (nil, _) where !complete: verdict = .unknown
      case (nil, .always): verdict = .holds
      case (nil, .sometimes): verdict = .notReached
      }
      return PropertyResult(property: property, verdict: verdict)
    }
    return ExplorationResult(
      states: states, transitions: transitions, depth: depth,
      seconds: (ContinuousClock.now - start).seconds, peakBytes: peakBytes,
      completion: completion, properties: results)
  }
}

extension Duration {
  /// The duration in seconds.
  @usableFromInline
  var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) * 1e-18
  }
}

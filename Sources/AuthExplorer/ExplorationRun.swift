/// One breadth-first search of a transition system: the engine behind `Explorer.run()`.
///
/// The search is level-synchronous. Each level's frontier (the ids of the states at one
/// distance, in discovery order) is cut into batches; for each batch:
/// - phase A: the batch is split into one contiguous range per thread; each thread unpacks its
///   states, checks the state conditions on them, tries every action, checks the transition
///   conditions, and buffers the successors that are not yet in the visited set, per shard;
/// - phase B: each thread inserts the buffered successors of its own shards, in the order they
///   were discovered, and notes each new state's id at its sequence number; the coordinating
///   thread then appends the new ids to the next frontier in sequence order.
///
/// Sequence numbers, `(position - batch start) * action count + action index`, make the result
/// independent of the thread count: the next frontier is in discovery order, each state's
/// parent is its first discoverer, and the shortest path reported for a property is the first
/// in action order.
///
/// The hot path is `@inlinable` so that it is specialized for the concrete system, whichever
/// module defines it, and calls `next`, `pack` and `unpack` directly.
///
/// `@unchecked Sendable`: the coordinating thread writes the shared fields only between
/// parallel phases; in phase A threads read them and write only their own `Worker`; in phase B
/// each shard of `visited` and each element of `discovered` is written by one thread.
@usableFromInline
final class ExplorationRun<System: TransitionSystem>: @unchecked Sendable {
  @usableFromInline typealias State = System.State
  @usableFromInline typealias Action = System.Action
  @usableFromInline typealias Verdict = PropertyResult<System>.Verdict

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
  @usableFromInline let actions: [Action]
  @usableFromInline let properties: [Property<System>]
  @usableFromInline let options: ExplorationOptions
  @usableFromInline let threads: Int
  /// Frontier states per batch; a batch has at most `1 << 19` sequence numbers.
  @usableFromInline let batchSize: Int
  /// Frontier states whose successors are looked up together, about 256 successors.
  @usableFromInline let groupSize: Int
  @usableFromInline let visited: VisitedSet
  @usableFromInline let workers: [Worker]
  /// The id of each new state of the batch at its sequence number, else `noParent`.
  @usableFromInline let discovered: UnsafeMutablePointer<UInt32>
  @usableFromInline var frontier: [UInt32] = []
  @usableFromInline var nextFrontier: [UInt32] = []
  /// The distance of the states in `frontier`.
  @usableFromInline var level = 0
  @usableFromInline var transitions = 0
  @usableFromInline var completion = ExplorationResult<System>.Completion.complete
  /// Per property, the verdict once a path decides it.
  @usableFromInline var verdicts: [Verdict?]
  /// Per property, the first hit of the level being expanded.
  @usableFromInline var levelHits: [Worker.Hit?]
  @usableFromInline var stateChecks: [StateCheck] = []
  @usableFromInline var transitionChecks: [TransitionCheck] = []
  @usableFromInline var peakBytes = 0
  @usableFromInline let start = ContinuousClock.now
  @usableFromInline var lastReport: (time: ContinuousClock.Instant, states: Int)

  @usableFromInline
  init(system: System, options: ExplorationOptions) {
    self.system = system
    self.options = options
    actions = system.actions
    properties = system.properties
    threads = max(1, options.threads)
    batchSize = max(1, min(1 << 16, (1 << 19) / max(1, actions.count)))
    visited = VisitedSet(expectedStates: options.reservedStates ?? options.maxStates ?? 0)
    groupSize = max(1, 256 / max(1, actions.count))
    let successorCapacity = groupSize * max(1, actions.count)
    workers = (0..<threads).map { _ in
      Worker(propertyCount: system.properties.count, successorCapacity: successorCapacity)
    }
    let sequences = batchSize * max(1, actions.count)
    discovered = .allocate(capacity: sequences)
    discovered.initialize(repeating: VisitedSet.noParent, count: sequences)
    verdicts = Array(repeating: nil, count: properties.count)
    levelHits = Array(repeating: nil, count: properties.count)
    lastReport = (start, 0)
  }

  deinit {
    discovered.deallocate()
  }

  /// Runs the search to the end, or to a limit, and returns the result.
  @inlinable
  func run() -> ExplorationResult<System> {
    seedInitialStates()
    search: while !frontier.isEmpty && completion == .complete {
      prepareChecks()
      var batchStart = 0
      while batchStart < frontier.count {
        let batch = batchStart..<min(frontier.count, batchStart + batchSize)
        expand(batch)
        let inserted = insertCandidates(of: batch)
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
        && invariants.allSatisfy({ verdicts[$0] != nil }) && !nextFrontier.isEmpty
      {
        completion = .stoppedEarly
        break search
      }
      swap(&frontier, &nextFrontier)
      nextFrontier.removeAll(keepingCapacity: true)
      if !frontier.isEmpty { level += 1 }
    }
    return result()
  }

  /// Phase A for `batch`: expands each thread's range into its worker.
  @inlinable
  func expand(_ batch: Range<Int>) {
    let reader = visited.reader
    let stateChecks = stateChecks
    let transitionChecks = transitionChecks
    let threads = min(threads, batch.count)
    let chunk = (batch.count + threads - 1) / threads
    frontier.withUnsafeBufferPointer { frontier in
      actions.withUnsafeBufferPointer { actions in
        concurrently(threads) { thread in
          let lower = batch.lowerBound + thread * chunk
          let upper = min(batch.upperBound, lower + chunk)
          guard lower < upper else { return }
          expand(
            lower..<upper, batchStart: batch.lowerBound, frontier: frontier, actions: actions,
            reader: reader, stateChecks: stateChecks, transitionChecks: transitionChecks,
            into: workers[thread])
        }
      }
    }
    for worker in workers {
      transitions += worker.transitions
      for index in levelHits.indices where levelHits[index] == nil {
        levelHits[index] = worker.hits[index]
      }
    }
    peakBytes = max(peakBytes, bytes)
  }

  /// The hot loop: expands the frontier positions in `range` into `worker`.
  ///
  /// Lookups in the visited set miss the cache, so the loop is arranged for the processor to
  /// overlap them: it computes the successors of a group of states first, then loads all their
  /// home slots back to back (and the next group's packed states), and only then probes.
  @inlinable
  func expand(
    _ range: Range<Int>, batchStart: Int, frontier: UnsafeBufferPointer<UInt32>,
    actions: UnsafeBufferPointer<Action>, reader: VisitedSet.Reader,
    stateChecks: [StateCheck], transitionChecks: [TransitionCheck], into worker: Worker
  ) {
    let buffers = worker.buffers
    let keys = worker.successorKeys
    let hashes = worker.successorHashes
    let sequences = worker.successorSequences
    let actionCount = actions.count
    var transitions = 0
    var prefetched: UInt64 = 0
    stateChecks.withUnsafeBufferPointer { stateChecks in
      transitionChecks.withUnsafeBufferPointer { transitionChecks in
        var groupStart = range.lowerBound
        while groupStart < range.upperBound {
          let group = groupStart..<min(range.upperBound, groupStart + groupSize)
          var count = 0
          for position in group {
            let before = system.unpack(reader.key(of: frontier[position]))
            let beforeFindings = system.findings(of: before)
            for check in stateChecks.indices {
              let hit: Bool
              if let condition = stateChecks[check].condition {
                hit = condition(before) != stateChecks[check].isAlways
              } else {
                hit = beforeFindings & stateChecks[check].finding != 0
              }
              if hit { worker.record(stateChecks[check].index, position: position, action: -1) }
            }
            let firstSequence = (position - batchStart) * actionCount
            for actionIndex in 0..<actionCount {
              let action = actions[actionIndex]
              guard let after = system.next(before, action) else { continue }
              let afterFindings = system.findings(of: after)
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
              let key = system.pack(after)
              keys[count] = key
              hashes[count] = VisitedSet.hash(key)
              sequences[count] = UInt32(truncatingIfNeeded: firstSequence &+ actionIndex)
              count &+= 1
            }
          }
          transitions &+= count
          for position in group.upperBound..<min(range.upperBound, group.upperBound + groupSize) {
            prefetched ^= reader.key(of: frontier[position])
          }
          for index in 0..<count { prefetched ^= reader.homeSlot(hashes[index]) }
          for index in 0..<count where !reader.contains(keys[index], hash: hashes[index]) {
            buffers[VisitedSet.shard(hashes[index])].append(keys[index], sequence: sequences[index])
          }
          groupStart = group.upperBound
        }
      }
    }
    worker.transitions = transitions
    worker.prefetched = prefetched
  }

  /// Phase B for `batch`: stores the new states and appends them to the next frontier.
  ///
  /// - Returns: `false` if the state limit stopped it (the states before the limit are kept).
  @usableFromInline
  func insertCandidates(of batch: Range<Int>) -> Bool {
    let shards = VisitedSet.shardCount
    var incoming = Array(repeating: 0, count: shards)
    for worker in workers {
      for shard in 0..<shards { incoming[shard] += worker.buffers[shard].count }
    }
    let total = incoming.reduce(0, +)
    if !visited.canTake(incoming) {
      guard let remap = visited.grow(toTake: incoming, threads: threads) else {
        return finishBatch(batch, complete: false)
      }
      for index in frontier.indices { frontier[index] = remap(frontier[index]) }
      for index in nextFrontier.indices { nextFrontier[index] = remap(nextFrontier[index]) }
      peakBytes = max(peakBytes, visited.peakBytes + bytes - visited.bytes)
    }
    if let maxStates = options.maxStates, visited.count + total > maxStates {
      return insertInOrder(batch, limit: maxStates)
    }
    let workers = workers
    let visited = visited
    let discovered = discovered
    let actionCount = actions.count
    frontier.withUnsafeBufferPointer { frontier in
      let batchParents = frontier.baseAddress! + batch.lowerBound
      concurrently(threads) { thread in
        for shard in stride(from: thread, to: shards, by: threads) {
          visited.insertCandidates(
            shard: shard, from: workers, batchParents: batchParents, actionCount: actionCount,
            discovered: discovered)
        }
      }
    }
    return finishBatch(batch, complete: true)
  }

  /// Phase B near the state limit: inserts one candidate at a time in sequence order, so that
  /// the states kept are the first discovered, and stops at the limit.
  @usableFromInline
  func insertInOrder(_ batch: Range<Int>, limit: Int) -> Bool {
    let sequences = batch.count * actions.count
    var keys = Array(repeating: UInt64(0), count: sequences)
    var present = Array(repeating: false, count: sequences)
    for worker in workers {
      for shard in 0..<VisitedSet.shardCount {
        let buffer = worker.buffers[shard]
        for index in 0..<buffer.count {
          let sequence = Int(buffer.sequences[index])
          keys[sequence] = buffer.keys[index]
          present[sequence] = true
        }
      }
    }
    var room = limit - visited.count
    for sequence in 0..<sequences where present[sequence] {
      let key = keys[sequence]
      let hash = VisitedSet.hash(key)
      if visited.reader.contains(key, hash: hash) { continue }
      if room == 0 { return finishBatch(batch, complete: false) }
      let parent = frontier[batch.lowerBound + sequence / actions.count]
      if let id = visited.insert(key, hash: hash, parent: parent) {
        discovered[sequence] = id
        room -= 1
      }
    }
    return finishBatch(batch, complete: true)
  }

  /// Appends the batch's new states to the next frontier in sequence order and empties the
  /// workers; returns `complete`.
  @usableFromInline
  func finishBatch(_ batch: Range<Int>, complete: Bool) -> Bool {
    for sequence in 0..<batch.count * actions.count
    where discovered[sequence] != VisitedSet.noParent {
      nextFrontier.append(discovered[sequence])
      discovered[sequence] = VisitedSet.noParent
    }
    peakBytes = max(peakBytes, bytes)
    for worker in workers { worker.reset() }
    return complete
  }

  /// Stores the initial states as level 0.
  @usableFromInline
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
      if !visited.canTake(incoming) {
        guard let remap = visited.grow(toTake: incoming, threads: 1) else {
          completion = .stateLimitReached
          break
        }
        for position in frontier.indices { frontier[position] = remap(frontier[position]) }
      }
      guard let id = visited.insert(key, hash: hash, parent: VisitedSet.noParent) else {
        continue
      }
      frontier.append(id)
    }
    peakBytes = max(peakBytes, bytes)
  }

  /// Sets the conditions to evaluate in this level: those of undecided properties.
  @usableFromInline
  func prepareChecks() {
    stateChecks = []
    transitionChecks = []
    for (index, property) in properties.enumerated() where verdicts[index] == nil {
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

  /// Turns the level's first hits into verdicts with their paths (a witness's only with
  /// `options.witnessPaths`).
  @usableFromInline
  func resolveLevelHits() {
    for (index, hit) in levelHits.enumerated() {
      guard let hit, verdicts[index] == nil else { continue }
      verdicts[index] =
        properties[index].kind == .always
        ? .violated(path(to: hit)) : .reached(options.witnessPaths ? path(to: hit) : nil)
    }
    levelHits = Array(repeating: nil, count: properties.count)
  }

  /// The path to the frontier state at `hit.position`, then through action `hit.action` unless
  /// the hit is on the state itself.
  ///
  /// The stored states along the path are found by following parent ids; the action between
  /// each pair is the first that leads from one to the next, which is the action that first
  /// discovered it.
  @usableFromInline
  func path(to hit: Worker.Hit) -> Path<System> {
    var keys: [UInt64] = []
    var id = frontier[hit.position]
    while id != VisitedSet.noParent {
      keys.append(visited.key(of: id))
      id = visited.parent(of: id)
    }
    keys.reverse()
    let initialState = system.unpack(keys[0])
    var state = initialState
    var steps: [Path<System>.Step] = []
    for key in keys.dropFirst() {
      guard
        let step = actions.indices.lazy.compactMap({ index -> Path<System>.Step? in
          guard let after = self.system.next(state, self.actions[index]),
            self.system.pack(after) == key
          else { return nil }
          return Path<System>.Step(action: self.actions[index], actionIndex: index, state: after)
        }).first
      else {
        preconditionFailure("no action leads to a stored successor: check pack and unpack")
      }
      steps.append(step)
      state = step.state
    }
    guard hit.action >= 0 else { return Path(initialState: initialState, steps: steps) }
    guard let after = system.next(state, actions[hit.action]) else {
      preconditionFailure("a recorded action is refused on replay: check pack and unpack")
    }
    steps.append(Path.Step(action: actions[hit.action], actionIndex: hit.action, state: after))
    return Path(initialState: initialState, steps: steps)
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

  /// Bytes held now by the visited set, the frontiers, the buffers and the sequence table.
  @usableFromInline
  var bytes: Int {
    visited.bytes + (frontier.capacity + nextFrontier.capacity) * 4
      + workers.reduce(0) { $0 + $1.bytes } + batchSize * max(1, actions.count) * 4
  }

  @usableFromInline
  func result() -> ExplorationResult<System> {
    let complete = completion == .complete
    let results = properties.enumerated().map { index, property in
      let verdict: Verdict =
        verdicts[index] ?? (!complete ? .unknown : property.kind == .always ? .holds : .notReached)
      return PropertyResult(property: property, verdict: verdict)
    }
    return ExplorationResult(
      states: visited.count, transitions: transitions,
      depth: nextFrontier.isEmpty ? level : level + 1,
      seconds: (ContinuousClock.now - start).seconds,
      peakBytes: max(peakBytes, visited.peakBytes), completion: completion, properties: results)
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

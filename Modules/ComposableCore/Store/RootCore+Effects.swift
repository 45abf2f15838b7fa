// MARK: - Interpreting effects

extension RootCore {
  /// Starts `effect` in `context`: sends and cancellations at once, asynchronous work in tasks
  /// of the loop's group.
  func start(_ effect: Effect<Action>, _ context: EffectContext) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      if isSending {
        buffer.append(action)
      } else {
        _ = send(action, group: context.group)
      }
    case .run(let name, let priority, let body):
      startTask(context, name: name, priority: priority) { send, _ in await body(send) }
    case .merge(let effects):
      for effect in effects {
        start(effect, context)
      }
    case .concatenate(var effects):
      // NB: Leading synchronous effects run now, as they would at the head of a concatenated
      // publisher; the rest run one after another in a task.
      while let first = effects.first, first.isSynchronous {
        start(effects.removeFirst(), context)
      }
      guard !effects.isEmpty else { return }
      startTask(context, name: nil, priority: nil) { @MainActor [weak self, effects] _, context in
        for effect in effects {
          guard !Task.isCancelled, let self else { return }
          await self.run(effect, context)
        }
      }
    case .cancellable(let effect, let id, let cancelInFlight):
      if cancelInFlight {
        effects.cancel(CancelID(id, path: context.path))
      }
      start(effect, context.registering(id))
    case .cancel(let id):
      effects.cancel(CancelID(id, path: context.path))
    case .navigation(let effect, let id):
      start(effect, context.navigating(to: id))
    case .cancelNavigation(let id):
      effects.cancel(CancelID(navigation: context.path + [id]))
    case .cancelRemovedElements(let elements, let isKept):
      effects.cancelElements(of: elements, under: context.path, unless: isKept)
    case .observed(let effect, let observer):
      start(effect, context.observed(by: observer))
    case .dismissal(let effect, let action):
      var context = context
      context.dismiss = { [weak self] group in _ = self?.send(action, group: group) }
      start(effect, context)
    }
  }

  /// Starts `effect` and returns when every task it started has finished; cancelling the
  /// caller cancels them.
  func run(_ effect: Effect<Action>, _ context: EffectContext) async {
    let collector = EffectGroup()
    var context = context
    context.collector = collector
    start(effect, context)
    await withTaskCancellationHandler {
      await collector.finish()
    } onCancel: {
      collector.cancel()
    }
  }

  func startTask(
    _ context: EffectContext,
    name: String?,
    priority: TaskPriority?,
    _ body: @escaping @MainActor (Send<Action>, EffectContext) async -> Void
  ) {
    var context = context
    let group: EffectGroup
    if let existing = context.group ?? loopGroup {
      group = existing
    } else {
      group = EffectGroup()
      loopGroup = group
    }
    context.group = group
    let id = effects.makeID()
    let completion = EffectCompletion()
    let origin = context.origin
    let send = Send<Action> { [weak self] action in
      guard !completion.isCompleted else {
        completion.reportSend(of: action, from: origin?.wrappedValue)
        return
      }
      _ = self?.send(action, group: group)
    }
    let dismiss = context.dismiss.map { dismiss in Dismissal.Handler { dismiss(group) } }
    let task = Task(name: name, priority: priority) { @MainActor [weak self, context] in
      // NB: Bound even when `nil`: a task inherits the task locals of the task that started
      // it, and a parent's effect must not dismiss the child whose action it answers.
      await Dismissal.$current.withValue(dismiss) {
        await EffectScope.$current.withValue(EffectScope(store: self, context: context)) {
          await body(send, context)
        }
      }
      completion.isCompleted = true
      group.remove(id: id)
      context.collector?.remove(id: id)
      self?.effects.finish(id)
    }
    group.add(task, id: id)
    context.collector?.add(task, id: id)
    effects.insert(EffectHandle(id: id, task: task), context: context)
  }
}

extension RootCore: EffectCancelling {
  func cancel(id: AnyHashableSendable, in context: EffectContext) {
    effects.cancel(CancelID(id, path: context.path))
  }

  func track(_ task: Task<Void, Never>, id: AnyHashableSendable, in context: EffectContext) -> Int {
    let handleID = effects.makeID()
    var context = context.registering(id)
    // NB: The effect that runs this work is already observed; this task is part of it.
    context.observers = []
    effects.insert(EffectHandle(id: handleID, task: task), context: context)
    return handleID
  }

  func untrack(_ handleID: Int) {
    effects.finish(handleID)
  }
}

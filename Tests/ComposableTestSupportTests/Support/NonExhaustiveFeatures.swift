import ComposableCore

/// A count and whether it is even, changed together: the subject of the non-exhaustive tests.
@Reducer
struct EvenCounter {
  struct State: Equatable {
    var count = 0
    var isEven = true
  }
  enum Action {
    case decrement
    case increment
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .decrement:
        state.count -= 1
      case .increment:
        state.count += 1
      }
      state.isEven.toggle()
      return .none
    }
  }
}

/// Starting over sends two responses back, each changing a part of state and the count.
@Reducer
struct TwoResponses {
  struct State: Equatable {
    var count = 0
    var int = 0
    var string = ""
  }
  enum Action: Equatable {
    case onAppear
    case response1(Int)
    case response2(String)
  }
  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .onAppear:
        state = State()
        return .merge(.send(.response1(42)), .send(.response2("Hello")))
      case .response1(let int):
        state.count += 1
        state.int = int
        return .none
      case .response2(let string):
        state.count += 1
        state.string = string
        return .none
      }
    }
  }
}

/// A person whose name, age and mood change; age and mood a second after asking.
@Reducer
struct Person {
  struct State: Equatable {
    var name = "Ada"
    var surname = "Lovelace"
    var age = 33
    var mood = 0
  }
  enum Action: Equatable {
    case advanceAgeAndMoodAfterDelay
    case changeAge(Int)
    case changeIdentity(name: String, surname: String)
    case changeMood(Int)
  }
  @Dependency(\.continuousClock) var clock

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .advanceAgeAndMoodAfterDelay:
        return .run { [state, clock] send in
          try await clock.sleep(for: .seconds(1))
          async let age: Void = send(.changeAge(state.age + 1))
          async let mood: Void = send(.changeMood(state.mood + 1))
          _ = await (age, mood)
        }
      case .changeAge(let age):
        state.age = age
        return .none
      case .changeIdentity(let name, let surname):
        state.name = name
        state.surname = surname
        return .none
      case .changeMood(let mood):
        state.mood = mood
        return .none
      }
    }
  }
}

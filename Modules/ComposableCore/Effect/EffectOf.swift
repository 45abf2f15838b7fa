/// The effects a reducer's actions return: `EffectOf<Counter>` is `Effect<Counter.Action>`.
public typealias EffectOf<R: Reducer> = Effect<R.Action>

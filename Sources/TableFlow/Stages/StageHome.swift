/// The executor the stage actors share.
///
/// A pipeline handles one intent at a time, so its stages never run in parallel with each
/// other (the fetch stage's requests still run concurrently in child tasks). Sharing one
/// serial executor keeps each stage an actor, with its own isolated state, while a hop from
/// one stage to the next is a plain call on the same thread instead of a thread switch: the
/// pipeline's cost per snapshot is dominated by such switches otherwise.
actor StageHome {}

/// Presents built snapshots: numbers each screen's versions and publishes `presented`.
actor PresentStage {
  private var machine = PresentStateMachine()
  private let bus: EventBus
  private let jitter: ScheduleJitter

  init(bus: EventBus, jitter: ScheduleJitter) {
    self.bus = bus
    self.jitter = jitter
  }

  func present(_ built: BuiltSnapshot, navigation: Navigation?) async {
    await jitter.pause(53)
    await bus.publish(.presented(machine.present(built, navigation: navigation)))
  }

  func reveal(_ screen: ScreenRef, navigation: Navigation) async {
    await jitter.pause(59)
    await bus.publish(.presented(machine.reveal(screen, navigation: navigation)))
  }
}

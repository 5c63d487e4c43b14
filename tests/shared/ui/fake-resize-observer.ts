/** A ResizeObserver for jsdom (which has none): tests stub it in and fire every observer after changing a size. */
export class FakeResizeObserver {
  static all: FakeResizeObserver[] = [];
  constructor(private readonly callback: ResizeObserverCallback) {
    FakeResizeObserver.all.push(this);
  }
  observe() {}
  disconnect() {}
  unobserve() {}
  fire() {
    this.callback([], this as unknown as ResizeObserver);
  }
}

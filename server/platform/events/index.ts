export { createEventBus, publish, RECONNECT_DELAYS_MS, type EventBus, type EventBusOptions, type DeliveryObserver, type EventHandler, type EventMeta, type Queryable } from './bus';
export { defineTopic, encodeEvent, EVENT_CHANNEL, EventTooLargeError, NOTIFY_MAX_BYTES, topicNamed, type Topic } from './topics';

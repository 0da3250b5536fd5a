export * from './realtime.ports';
export { CableServer } from './cable-server';
export { CABLE_DEFAULTS, type CableOptions } from './cable-options';
export { CABLE_SUBPROTOCOL } from './cable-frames';
export { accountStreamKey, parseRoomIdentifier } from './room-identifier';

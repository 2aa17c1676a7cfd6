/**
 * The `video` dependency: what the edge asks of a media gateway. Janus in
 * production and in the tests that have it (janus-gateway.ts); an in-memory
 * stand-in for tests of the rules alone (memory-gateway.ts); `noVideo` when
 * neither a gateway nor the janus binary is there.
 */
export type GatewayRoom = {
  /** Which configured gateway holds the room (index into JANUS_URL). */
  gateway: number;
  roomId: number;
  /** The room's secret: destroying it, kicking participants. */
  secret: string;
};

/** What a participant needs to enter one room through one gateway. */
export type GatewayPass = {
  /** Opens sessions on the gateway and attaches the VideoRoom plugin. */
  token: string;
  /** Joins this room only. */
  roomToken: string;
};

export type VideoGateway = {
  /** False when no gateway is configured or running: joining answers 503. */
  readonly available: boolean;
  /** How many gateways there are (rooms are spread over them). */
  readonly count: number;
  /** Creates the room (a gateway that already has it answers as created). */
  createRoom(room: GatewayRoom, o: { description: string }): Promise<void>;
  roomExists(room: GatewayRoom): Promise<boolean>;
  /** Ends the room: every participant is out. A room already gone is fine. */
  destroyRoom(room: GatewayRoom): Promise<void>;
  /** Removes one participant (a device replaced by another). Unknown participants are fine. */
  kick(room: GatewayRoom, participantId: number): Promise<void>;
  /**
   * Tokens for one participant of one room, valid for `validForMs` from now by the
   * gateway's clock (the real one: Janus checks expiries against its own time).
   */
  issuePass(room: GatewayRoom, validForMs: number): Promise<GatewayPass>;
  /** The gateway's Janus API URL as the edge reaches it (the proxy forwards browsers there). */
  upstream(gateway: number): string | null;
};

export class GatewayError extends Error {
  constructor(message: string, readonly code: number | null = null) {
    super(message);
  }
}

export const noVideo: VideoGateway = {
  available: false,
  count: 0,
  createRoom: () => Promise.reject(new GatewayError("no video gateway")),
  roomExists: () => Promise.resolve(false),
  destroyRoom: () => Promise.resolve(),
  kick: () => Promise.resolve(),
  issuePass: () => Promise.reject(new GatewayError("no video gateway")),
  upstream: () => null,
};

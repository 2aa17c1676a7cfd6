/** JSON-lines logger. Callers pass facts, never request bodies, tokens or SQL. */
export type LogLevel = "debug" | "info" | "warn" | "error";
export type Logger = Record<LogLevel, (message: string, fields?: Record<string, unknown>) => void>;

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export function createLogger(level: LogLevel, write: (line: string) => void = console.log): Logger {
  const make = (l: LogLevel) => (message: string, fields: Record<string, unknown> = {}) => {
    if (ORDER[l] < ORDER[level]) return;
    write(JSON.stringify({ t: new Date().toISOString(), level: l, message, ...fields }));
  };
  return { debug: make("debug"), info: make("info"), warn: make("warn"), error: make("error") };
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {} };

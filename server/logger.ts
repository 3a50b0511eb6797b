type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function threshold(): number {
  const level = (process.env.LOG_LEVEL ?? 'info') as Level;
  return ORDER[level] ?? ORDER.info;
}

function write(level: Level, module: string, message: string, data?: Record<string, unknown>) {
  if (ORDER[level] < threshold()) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, module, message, ...data });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
}

/** One JSON line per event, so logs stay greppable and machine-readable. */
export const logger = {
  debug: (module: string, message: string, data?: Record<string, unknown>) =>
    write('debug', module, message, data),
  info: (module: string, message: string, data?: Record<string, unknown>) =>
    write('info', module, message, data),
  warn: (module: string, message: string, data?: Record<string, unknown>) =>
    write('warn', module, message, data),
  error: (module: string, message: string, data?: Record<string, unknown>) =>
    write('error', module, message, data),
};

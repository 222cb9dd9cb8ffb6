/** One warning line for an upstream that misbehaved. `message` is already free of secrets. */
export function logEngineWarning(message: string): void {
  console.warn(`[engines] ${message}`);
}

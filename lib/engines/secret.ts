import { inspect } from "node:util";

const MASK = "[secret]";

/**
 * A credential handed back by a client (access or refresh token). It prints, serializes and
 * inspects as "[secret]"; only `reveal()` gives the value, at the one place that stores or sends it.
 */
export class Secret {
  readonly #value: string;
  constructor(value: string) { this.#value = value; }
  reveal(): string { return this.#value; }
  toString(): string { return MASK; }
  toJSON(): string { return MASK; }
  [inspect.custom](): string { return MASK; }
}

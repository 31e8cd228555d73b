/** A setting is malformed: the start stops with this message. */
export class ConfigError extends Error {}

import { z } from 'zod';

/** Thrown when the environment does not satisfy a service's config schema; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(
    readonly serviceName: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration for ${serviceName}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates the environment once at start-up, so a service fails fast instead of at its first request. */
export function loadConfig<Schema extends z.ZodType>(
  serviceName: string,
  schema: Schema,
  env: Record<string, string | undefined> = process.env,
): z.infer<Schema> {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`);
    throw new ConfigError(serviceName, problems);
  }
  return result.data;
}

/** PostgreSQL's unique_violation, as thrown by pg directly or wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  return postgresErrorCode(error) === '23505';
}

export function violatedConstraint(error: unknown): string | undefined {
  return postgresCause(error)?.constraint;
}

function postgresCause(error: unknown): { code?: string; constraint?: string } | undefined {
  const cause = error instanceof Error && 'cause' in error && error.cause ? error.cause : error;
  return typeof cause === 'object' && cause !== null
    ? (cause as { code?: string; constraint?: string })
    : undefined;
}

function postgresErrorCode(error: unknown): string | undefined {
  return postgresCause(error)?.code;
}

/** Every deployable of the system. Backend services own a PostgreSQL schema of the same name. */
export const BACKEND_SERVICES = [
  'messaging',
  'contacts',
  'campaigns',
  'reporting',
  'automation',
  'kanban',
  'webhook-dispatcher',
] as const;

export type BackendService = (typeof BACKEND_SERVICES)[number];
export type ServiceName = BackendService | 'gateway';

/** The schema a service owns: service names with `-` are not valid unquoted identifiers. */
export function schemaOf(service: BackendService): string {
  return service.replace(/-/g, '_');
}

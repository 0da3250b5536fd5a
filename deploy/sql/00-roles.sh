#!/bin/sh
# PostgreSQL container init hook (mounted into /docker-entrypoint-initdb.d by
# docker-compose.yml): runs roles-and-schemas.sql with the service passwords taken from
# the environment. The image runs it only when it initialises an empty data volume.
set -e
psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER:-postgres}" --dbname postgres \
  -v database="${POSTGRES_DB:-parley}" \
  -v messaging_password="${MESSAGING_DB_PASSWORD:?}" \
  -v contacts_password="${CONTACTS_DB_PASSWORD:?}" \
  -v campaigns_password="${CAMPAIGNS_DB_PASSWORD:?}" \
  -v reporting_password="${REPORTING_DB_PASSWORD:?}" \
  -v automation_password="${AUTOMATION_DB_PASSWORD:?}" \
  -v kanban_password="${KANBAN_DB_PASSWORD:?}" \
  -v webhook_dispatcher_password="${WEBHOOK_DISPATCHER_DB_PASSWORD:?}" \
  -f "${PARLEY_SQL_DIR:-/parley-sql}/roles-and-schemas.sql"

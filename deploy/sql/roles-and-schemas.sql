-- Parley: database, one LOGIN role per service and one schema per service, owned by that
-- role, so each service has rights on its own schema only.
--
-- Idempotent: run it again at will (it also resets the passwords to the ones given).
-- Run with psql 10 or newer as a superuser (or, on managed PostgreSQL, an admin role with
-- CREATEROLE and CREATEDB), every password variable set:
--   psql -d postgres -f deploy/sql/roles-and-schemas.sql \
--     -v messaging_password=... -v contacts_password=... -v campaigns_password=... \
--     -v reporting_password=... -v automation_password=... -v kanban_password=... \
--     -v webhook_dispatcher_password=...
-- Optional: -v database=NAME (default parley).
\set ON_ERROR_STOP on

\if :{?database}
\else
  \set database parley
\endif

SELECT :{?messaging_password} AND :{?contacts_password} AND :{?campaigns_password}
   AND :{?reporting_password} AND :{?automation_password} AND :{?kanban_password}
   AND :{?webhook_dispatcher_password} AS passwords_set \gset
\if :passwords_set
\else
  \warn 'Every password variable must be set: see the header of this file.'
  DO $$ BEGIN RAISE EXCEPTION 'missing password variable(s)'; END $$;
\endif

-- CREATE DATABASE cannot run inside a transaction or DO block: \gexec runs it only if missing.
SELECT format('CREATE DATABASE %I', :'database')
 WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'database') \gexec

\connect :database

BEGIN;

-- Role names carry a prefix because roles are shared by every database of the server.
-- A non-superuser admin (managed PostgreSQL: CREATEROLE, owner of the database) becomes a
-- member of each role, which CREATE SCHEMA ... AUTHORIZATION requires.
DO $$
DECLARE
  role_name text;
BEGIN
  FOREACH role_name IN ARRAY ARRAY['parley_messaging', 'parley_contacts', 'parley_campaigns',
      'parley_reporting', 'parley_automation', 'parley_kanban', 'parley_webhook_dispatcher'] LOOP
    IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = role_name) THEN
      EXECUTE format('CREATE ROLE %I', role_name);
    END IF;
    IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user)
       AND NOT pg_has_role(current_user, role_name, 'MEMBER') THEN
      EXECUTE format('GRANT %I TO %I', role_name, current_user);
    END IF;
  END LOOP;
END $$;

ALTER ROLE parley_messaging          LOGIN PASSWORD :'messaging_password';
ALTER ROLE parley_contacts           LOGIN PASSWORD :'contacts_password';
ALTER ROLE parley_campaigns          LOGIN PASSWORD :'campaigns_password';
ALTER ROLE parley_reporting          LOGIN PASSWORD :'reporting_password';
ALTER ROLE parley_automation         LOGIN PASSWORD :'automation_password';
ALTER ROLE parley_kanban             LOGIN PASSWORD :'kanban_password';
ALTER ROLE parley_webhook_dispatcher LOGIN PASSWORD :'webhook_dispatcher_password';

-- Each service's schema, owned by its role. ALTER ... OWNER fixes a schema created earlier
-- by another role (tables already inside keep their owner).
CREATE SCHEMA IF NOT EXISTS messaging AUTHORIZATION parley_messaging;
CREATE SCHEMA IF NOT EXISTS contacts AUTHORIZATION parley_contacts;
CREATE SCHEMA IF NOT EXISTS campaigns AUTHORIZATION parley_campaigns;
CREATE SCHEMA IF NOT EXISTS reporting AUTHORIZATION parley_reporting;
CREATE SCHEMA IF NOT EXISTS automation AUTHORIZATION parley_automation;
CREATE SCHEMA IF NOT EXISTS kanban AUTHORIZATION parley_kanban;
CREATE SCHEMA IF NOT EXISTS webhook_dispatcher AUTHORIZATION parley_webhook_dispatcher;
ALTER SCHEMA messaging OWNER TO parley_messaging;
ALTER SCHEMA contacts OWNER TO parley_contacts;
ALTER SCHEMA campaigns OWNER TO parley_campaigns;
ALTER SCHEMA reporting OWNER TO parley_reporting;
ALTER SCHEMA automation OWNER TO parley_automation;
ALTER SCHEMA kanban OWNER TO parley_kanban;
ALTER SCHEMA webhook_dispatcher OWNER TO parley_webhook_dispatcher;

-- Trigram matching for the contact list's `q`; created here because the service's role may
-- lack the right to create extensions (its migration then finds it in place).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA contacts;

-- Unqualified names resolve to the service's own schema, never to public.
ALTER ROLE parley_messaging          IN DATABASE :"database" SET search_path = messaging;
ALTER ROLE parley_contacts           IN DATABASE :"database" SET search_path = contacts;
ALTER ROLE parley_campaigns          IN DATABASE :"database" SET search_path = campaigns;
ALTER ROLE parley_reporting          IN DATABASE :"database" SET search_path = reporting;
ALTER ROLE parley_automation         IN DATABASE :"database" SET search_path = automation;
ALTER ROLE parley_kanban             IN DATABASE :"database" SET search_path = kanban;
ALTER ROLE parley_webhook_dispatcher IN DATABASE :"database" SET search_path = webhook_dispatcher;

-- Hardening: nobody may use the public schema or connect, except the roles granted below
-- (superusers are not affected).
REVOKE ALL ON SCHEMA public FROM PUBLIC;
REVOKE ALL ON DATABASE :"database" FROM PUBLIC;
GRANT CONNECT ON DATABASE :"database" TO parley_messaging, parley_contacts, parley_campaigns,
  parley_reporting, parley_automation, parley_kanban, parley_webhook_dispatcher;

COMMIT;

-- A realm user's display name, as the users area tells it with every change of a tenant user (saveUser): the
-- realm holds every user (contract §7.1) with its name, as Keycloak holds firstName and lastName.
ALTER TABLE idp_users ADD COLUMN name text NOT NULL DEFAULT '';

-- DropForeignKey
ALTER TABLE "url_import_rows" DROP CONSTRAINT "url_import_rows_import_id_fkey";

-- Rows go with their import (an import goes with its project and organization).
CREATE OR REPLACE FUNCTION url_import_rows_on_import_delete() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM url_import_rows r USING old_rows o WHERE r.import_id = o.id;
  RETURN NULL;
END $fn$;

CREATE TRIGGER url_imports_delete_rows AFTER DELETE ON url_imports
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION url_import_rows_on_import_delete();

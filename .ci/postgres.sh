# Starts Debian's PostgreSQL cluster (installing one if needed) and exports TEST_DATABASE_URL,
# an admin URL the integration suites use to create throwaway databases.
start_postgres() {
  local ver
  ver=$(ls /usr/lib/postgresql | sort -n | tail -1)
  if ! pg_lsclusters -h 2>/dev/null | grep -q "^$ver main"; then
    pg_createcluster "$ver" main >/dev/null
  fi
  pg_ctlcluster "$ver" main start 2>/dev/null || true
  for _ in $(seq 1 30); do
    pg_isready -q -h 127.0.0.1 -p 5432 && break
    sleep 1
  done
  su postgres -c "psql -q -c \"DO \\\$\\\$BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname='docent') THEN CREATE ROLE docent LOGIN SUPERUSER PASSWORD 'docent'; END IF; END\\\$\\\$;\"" 
  export TEST_DATABASE_URL="postgres://docent:docent@127.0.0.1:5432/postgres"
  echo "ci: PostgreSQL $ver on 127.0.0.1:5432 (TEST_DATABASE_URL set)"
}

package kg;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.neo4j.server.CommunityBootstrapper;

/**
 * Runs Neo4j Community 5.26 as its own distribution does (`neo4j console`): the server's bootstrapper
 * with Bolt, HTTP and Neo4j Browser, on loopback, with a persistent store under the home directory
 * (home/data), so databases outlive a stop and start like a Community server's.
 *
 * Arguments: bolt port, http port, Neo4j home. The password of user neo4j comes from the environment
 * variable NEO4J_PASSWORD, never from the command line (which `ps` shows). The page cache is
 * KG_NEO4J_PAGECACHE (default 512m), as `server.memory.pagecache.size` would give it in neo4j.conf.
 * Bolt and HTTP advertise the addresses they listen on, so Neo4j Browser opened on the HTTP port
 * offers the right Bolt port. POST /kg-login (kg.login.BrowserLogin) signs Browser in from the one-time
 * link of `scripts/neo4j browser`. SIGTERM shuts the databases down cleanly (the bootstrapper's hook).
 */
public final class Launcher {
    public static void main(String[] args) throws Exception {
        int bolt = Integer.parseInt(args[0]);
        int http = Integer.parseInt(args[1]);
        Path home = Path.of(args[2]).toAbsolutePath();
        String password = System.getenv("NEO4J_PASSWORD");
        if (password == null || password.length() < 8) {
            System.err.println("NEO4J_PASSWORD must be set (8 characters or more)");
            System.exit(2);
        }
        Files.createDirectories(home.resolve("conf"));
        Map<String, String> config = new HashMap<>();
        config.put("server.default_listen_address", "127.0.0.1");
        config.put("server.default_advertised_address", "127.0.0.1");
        config.put("server.bolt.enabled", "true");
        config.put("server.bolt.listen_address", "127.0.0.1:" + bolt);
        config.put("server.bolt.advertised_address", "127.0.0.1:" + bolt);
        config.put("server.http.enabled", "true");
        config.put("server.http.listen_address", "127.0.0.1:" + http);
        config.put("server.http.advertised_address", "127.0.0.1:" + http);
        config.put("server.https.enabled", "false");
        config.put("dbms.security.auth_enabled", "true");
        config.put("server.memory.pagecache.size", System.getenv().getOrDefault("KG_NEO4J_PAGECACHE", "512m"));
        config.put("dbms.usage_report.enabled", "false");
        // the one-time login link of `scripts/neo4j browser` (kg.login.BrowserLogin): the only path added to
        // Neo4j's default allowlist of paths served without authentication (`/` and Browser's own files)
        config.put("server.unmanaged_extension_classes", "kg.login=/kg-login");
        config.put("dbms.security.http_auth_allowlist", "/,/browser.*,/kg-login/?");
        kg.login.BrowserLogin.home = home;
        kg.login.BrowserLogin.password = password;
        kg.login.BrowserLogin.boltPort = bolt;
        CommunityBootstrapper server = new CommunityBootstrapper();
        int code = server.start(home, home.resolve("conf").resolve("neo4j.conf"), config, false, false);
        if (code != 0) {
            System.err.println("kg-neo4j: the server did not start (code " + code + "); see " + home.resolve("logs"));
            System.exit(code);
        }
        try {
            server.getDatabaseManagementService().database("system").executeTransactionally(
                    "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED", Map.of("password", password));
        } catch (RuntimeException e) {
            // a restart with the same password: Neo4j refuses to "change" a password to itself
            if (!String.valueOf(e.getMessage()).contains("cannot be the same")) {
                throw e;
            }
        }
        System.out.println("kg-neo4j ready bolt://127.0.0.1:" + bolt + " http://127.0.0.1:" + http
                + " login http://127.0.0.1:" + http + "/kg-login/");
        System.out.flush();
        new CountDownLatch(1).await();  // until SIGTERM/SIGINT: the bootstrapper's hook stops the server
    }
}

package kg;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.io.ByteUnit;
import org.neo4j.harness.Neo4j;
import org.neo4j.harness.Neo4jBuilders;

/**
 * Runs Neo4j Community (the server of org.neo4j.test:neo4j-harness) on loopback until stopped.
 *
 * Arguments: bolt port, http port, working directory. The password of user neo4j comes from
 * the environment variable NEO4J_PASSWORD, never from the command line (which `ps` shows).
 * With KG_NEO4J_COPY_FROM set to a Neo4j home (holding data/databases and data/transactions, as
 * `neo4j-admin database import full` writes them) the server starts from a copy of that store.
 * The harness sizes the page cache for unit tests (8 MiB); a server gets KG_NEO4J_PAGECACHE
 * (default 512m), as `server.memory.pagecache.size` would give it in neo4j.conf.
 */
public final class Launcher {
    public static void main(String[] args) throws Exception {
        int bolt = Integer.parseInt(args[0]);
        int http = Integer.parseInt(args[1]);
        Path dir = Path.of(args[2]);
        String password = System.getenv("NEO4J_PASSWORD");
        if (password == null || password.length() < 8) {
            System.err.println("NEO4J_PASSWORD must be set (8 characters or more)");
            System.exit(2);
        }
        Files.createDirectories(dir);
        var builder = Neo4jBuilders.newInProcessBuilder(dir);
        String copyFrom = System.getenv("KG_NEO4J_COPY_FROM");
        if (copyFrom != null && !copyFrom.isEmpty()) {
            builder = builder.copyFrom(Path.of(copyFrom));
        }
        Neo4j neo4j = builder
                .withConfig(BoltConnector.enabled, true)
                .withConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", bolt))
                .withConfig(HttpConnector.enabled, true)
                .withConfig(HttpConnector.listen_address, new SocketAddress("127.0.0.1", http))
                .withConfig(GraphDatabaseSettings.auth_enabled, true)
                .withConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.parse(
                        System.getenv().getOrDefault("KG_NEO4J_PAGECACHE", "512m")))
                .build();
        neo4j.databaseManagementService().database("system").executeTransactionally(
                "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED", Map.of("password", password));
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            neo4j.close();
            stopped.countDown();
        }));
        System.out.println("kg-neo4j ready bolt://127.0.0.1:" + bolt + " http://127.0.0.1:" + http);
        System.out.flush();
        stopped.await();
    }
}

package kg.login;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.MessageDigest;

import javax.ws.rs.Consumes;
import javax.ws.rs.FormParam;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Produces;
import javax.ws.rs.core.MediaType;
import javax.ws.rs.core.Response;

/**
 * The one-time login link of `scripts/neo4j browser`: Neo4j Browser signed in with no typing, the password
 * never printed nor put in a URL.
 *
 * `scripts/neo4j` writes a random token to HOME/browser-token and a page HOME/browser.html (both mode 600)
 * that POSTs it here. A request whose token matches that file (which is then deleted: one use) gets a page
 * of this server's own origin that stores the connection (advertised Bolt address, user neo4j, the password)
 * where Browser keeps the credentials a user typed (its localStorage, `neo4j.connections`) and opens
 * /browser/, whose startup connects with them. Any other request gets 403 and nothing. Mounted by the
 * launcher at /kg-login (server.unmanaged_extension_classes), the one path added to Neo4j's own
 * unauthenticated allowlist (dbms.security.http_auth_allowlist).
 */
@javax.ws.rs.Path("/")
public class BrowserLogin {
    /** Set by kg.Launcher before the server starts. */
    public static volatile Path home;
    public static volatile String password;
    public static volatile int boltPort;

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    @Produces(MediaType.TEXT_HTML)
    public Response login(@FormParam("token") String token) {
        if (token == null || home == null || password == null || !take(token)) {
            return page(403, "<p>This login link was already used, or is not this server's. Run "
                    + "<code>scripts/neo4j browser</code> for a new one.</p>");
        }
        String connection = "{\"allConnectionIds\":[\"$$discovery\"],\"connectionsById\":{\"$$discovery\":"
                + "{\"id\":\"$$discovery\",\"name\":\"$$discovery\",\"type\":\"bolt\",\"host\":\"neo4j://127.0.0.1:" + boltPort
                + "\",\"username\":\"neo4j\",\"password\":" + json(password) + ",\"authenticationMethod\":\"NATIVE\"}},"
                + "\"activeConnection\":null}";
        return page(200, "<p>Connecting to Neo4j Browser…</p><script>localStorage.setItem('neo4j.connections', "
                + json(connection) + ");location.replace('/browser/');</script>");
    }

    @GET
    @Produces(MediaType.TEXT_HTML)
    public Response get() {
        return page(405, "<p>Open the page that <code>scripts/neo4j browser</code> prints.</p>");
    }

    /** The token matches HOME/browser-token, compared in constant time; the file is deleted first (one use). */
    private static synchronized boolean take(String token) {
        Path file = home.resolve("browser-token");
        byte[] expected;
        try {
            expected = Files.readString(file, StandardCharsets.US_ASCII).strip().getBytes(StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            return false;
        } catch (IOException e) {
            return false;
        }
        if (expected.length < 32 || !MessageDigest.isEqual(expected, token.strip().getBytes(StandardCharsets.US_ASCII))) {
            return false;
        }
        try {
            Files.delete(file);
        } catch (IOException e) {
            return false;
        }
        return true;
    }

    private static Response page(int status, String body) {
        String html = "<!doctype html><html><head><meta charset=\"utf-8\"><meta name=\"referrer\" content=\"no-referrer\">"
                + "<title>kg: Neo4j Browser login</title></head><body>" + body + "</body></html>";
        return Response.status(status).entity(html).type("text/html; charset=utf-8")
                .header("Cache-Control", "no-store").header("Referrer-Policy", "no-referrer")
                .header("X-Content-Type-Options", "nosniff").build();
    }

    /** A JSON string literal that is also safe inside an HTML script element. */
    static String json(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (Character.isLetterOrDigit(c) && c < 128 || c == ' ' || c == '.' || c == '_' || c == '-' || c == ':' || c == '/') {
                out.append(c);
            } else {
                out.append(String.format("\\u%04x", (int) c));
            }
        }
        return out.append('"').toString();
    }
}

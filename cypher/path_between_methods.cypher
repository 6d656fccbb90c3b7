// name: path_between_methods
// question: How are two methods connected (the shortest paths between them through papers, techniques, datasets …, not venues)?
// @param from: "DDPM"
// @param to: "GLAD"
// example:
//   from | to   | hops | shortest_paths | example_path
//   DDPM | GLAD | 4    | 1              | DDPM / paper:000_….txt#2 / … / GLAD
MATCH (a:Method) WHERE toLower(a.name) = toLower($from)
MATCH (b:Method) WHERE toLower(b.name) = toLower($to)
WITH a, b
MATCH p = allShortestPaths((a)-[*..8]-(b))
WHERE none(n IN nodes(p) WHERE n:Venue)
WITH a, b, p, reduce(s = '', n IN nodes(p) | s + CASE WHEN s = '' THEN '' ELSE ' / ' END + coalesce(n.name, n.id)) AS path
RETURN a.name AS from, b.name AS to, length(p) AS hops, count(DISTINCT path) AS shortest_paths, min(path) AS example_path

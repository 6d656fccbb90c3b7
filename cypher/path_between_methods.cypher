// name: path_between_methods
// question: How are two methods connected (the shortest paths between them through papers, techniques, datasets …, not venues)?
// @param from: {"from": "top_methods", "column": "method", "example": "inter-block speculation"}
// @param to: {"from": "top_methods", "column": "method", "row": 1, "example": "Depth-progressive Monotonic Learning"}
// example:
//   from | to | hops | shortest_paths | example_path
//   inter-block speculation | Depth-progressive Monotonic Lea… | 4 | 5 | inter-block speculation <-BY_METHOD- 1% accuracy -OF_METRIC-> accuracy <-MEASURED_BY- Backpropagation (BP) remains the dominant training paradigm for… -PROPOSES-> Depth-progressive Monotonic Learning
WITH toLower($from) AS wanted_from, toLower($to) AS wanted_to
MATCH (a:Method) WHERE toLower(a.name) = wanted_from OR wanted_from IN [x IN coalesce(a.aliases, []) | toLower(x)]
MATCH (b:Method) WHERE toLower(b.name) = wanted_to OR wanted_to IN [x IN coalesce(b.aliases, []) | toLower(x)]
WITH a, b WHERE a <> b
MATCH p = allShortestPaths((a)-[*..8]-(b))
WHERE none(n IN nodes(p) WHERE n:Venue)
WITH a, b, p, reduce(s = coalesce(a.name, a.id), i IN range(0, length(p) - 1) |
       s + CASE WHEN startNode(relationships(p)[i]) = nodes(p)[i]
                THEN ' -' + type(relationships(p)[i]) + '-> ' ELSE ' <-' + type(relationships(p)[i]) + '- ' END
         + coalesce(nodes(p)[i + 1].name, nodes(p)[i + 1].caption, nodes(p)[i + 1].text, nodes(p)[i + 1].id)) AS path
RETURN a.name AS from, b.name AS to, length(p) AS hops, count(DISTINCT path) AS shortest_paths, min(path) AS example_path
ORDER BY from, to

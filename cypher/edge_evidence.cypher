// name: edge_evidence
// question: What is the evidence (sentence, offsets, rule) for every relationship of a named node?
// @param name: "Fast-dLLM"
// example:
//   node      | relationship | direction | other                         | evidence              | start | end  | rule
//   Fast-dLLM | OVER         | in        | speedup:000_….txt#13#3        | Building on Fast-dLLM | 1210  | 1214 | claim.factor
MATCH (n)-[r]-(o)
WHERE (toLower(n.name) = toLower($name) OR n.url = $name OR n.id = $name) AND r.sentence IS NOT NULL
RETURN coalesce(n.name, n.url, n.id) AS node, type(r) AS relationship,
       CASE WHEN startNode(r) = n THEN 'out' ELSE 'in' END AS direction, o.id AS other,
       r.sentence AS evidence, r.start AS start, r.end AS end, r.rule AS rule
ORDER BY relationship, direction, other, start

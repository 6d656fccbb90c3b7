// name: edge_evidence
// question: What is the evidence (sentence, the part of the paper it is from, offsets, rule, confidence) for every relationship of a named node?
// @param name: {"from": "top_methods", "column": "method", "example": "inter-block speculation"}
// example:
//   node | relationship | direction | other | evidence | part | start | end | rule | confidence | other_id
//   inter-block speculation | ABOUT | in | 1.3× over Fast-dLLM with less t… | Building on Fast-dLLM's dual-cache infrastructure, our fram… | abstract | 1194 | 1204 | claim.factor | null | …
//   inter-block speculation | ABOUT | in | 30-40% | Building on Fast-dLLM's dual-cache infrastructure, our fram… | abstract | 1085 | 1092 | claim.percent | null | …
WITH $name AS wanted
MATCH (n)-[r]-(o)
WHERE (toLower(n.name) = toLower(wanted) OR toLower(wanted) IN [a IN coalesce(n.aliases, []) | toLower(a)]
       OR n.url = wanted OR n.id = wanted) AND r.sentence IS NOT NULL
RETURN coalesce(n.name, n.caption, n.id) AS node, type(r) AS relationship,
       CASE WHEN startNode(r) = n THEN 'out' ELSE 'in' END AS direction,
       coalesce(o.name, o.caption, o.text, o.id) AS other, coalesce(r.sentence_plain, r.sentence) AS evidence,
       coalesce(r.part, 'abstract') AS part, r.start AS start, r.end AS end, r.rule AS rule,
       r.confidence AS confidence, o.id AS other_id
ORDER BY relationship, direction, other, other_id, start

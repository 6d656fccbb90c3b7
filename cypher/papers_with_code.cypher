// name: papers_with_code
// question: Which papers link to their code, and what do they propose?
// @param limit: 50
// example:
//   paper             | title | code                                   | proposed | evidence
//   paper:000_….txt#0 | null  | https://github.com/ZheruiHuang/GeoFlow | GeoFlow  | Code is available at …
MATCH (p:Paper)-[r:HAS_CODE]->(c:Repository)
OPTIONAL MATCH (p)-[:PROPOSES]->(m)
RETURN p.id AS paper, p.title AS title, c.url AS code, min(m.name) AS proposed, r.sentence AS evidence
ORDER BY paper, code
LIMIT toInteger($limit)

// name: method_profile
// question: Everything about one method: the papers that propose, use or compare with it, their datasets, metrics and code, and the claims about it or over it.
// @param method: "PASO"
// example:
//   method | fact        | item                     | paper             | evidence
//   PASO   | CLAIM_ABOUT | 4.5× speedup in wall-…   | paper:000_….txt#8 | Extensive experiments …
//   PASO   | HAS_CODE    | https://github.com/…     | paper:000_….txt#8 | Source code is available …
//   PASO   | PROPOSES    | paper:000_….txt#8        | paper:000_….txt#8 | Building on these insights …
CALL () {
  MATCH (m:Method)<-[r:PROPOSES|USES|COMPARES_WITH]-(p:Paper)
  WHERE toLower(m.name) = toLower($method) OR toLower($method) IN [a IN coalesce(m.aliases, []) | toLower(a)]
  RETURN m.name AS method, type(r) AS fact, p.id AS item, p.id AS paper, r.sentence AS evidence
  UNION
  MATCH (m:Method)<-[:PROPOSES|USES]-(p:Paper)-[r:EVALUATED_ON|MEASURED_BY|HAS_CODE]->(x)
  WHERE toLower(m.name) = toLower($method) OR toLower($method) IN [a IN coalesce(m.aliases, []) | toLower(a)]
  RETURN m.name AS method, type(r) AS fact, coalesce(x.name, x.url) AS item, p.id AS paper, r.sentence AS evidence
  UNION
  MATCH (m:Method)<-[r:ABOUT|OVER]-(s:Speedup)<-[:CLAIMS]-(p:Paper)
  WHERE toLower(m.name) = toLower($method) OR toLower($method) IN [a IN coalesce(m.aliases, []) | toLower(a)]
  RETURN m.name AS method, 'CLAIM_' + type(r) AS fact, s.text AS item, p.id AS paper, s.sentence AS evidence
}
RETURN method, fact, item, paper, evidence
ORDER BY fact, item, paper

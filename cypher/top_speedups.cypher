// name: top_speedups
// question: What are the largest claimed speed-ups, by normalised factor?
// @param limit: 10
// example:
//   factor | claim                                   | kind      | quantity              | method        | baseline | paper                       | evidence
//   32.0   | 32 times (1024 to 32) to reach the same | reduction | number of transitions | Multimask Flows | null   | paper:001_….txt#10          | Using this …
MATCH (p:Paper)-[:CLAIMS]->(s:Speedup)
WHERE s.factor IS NOT NULL
OPTIONAL MATCH (s)-[:ABOUT]->(m:Method)
OPTIONAL MATCH (s)-[:OVER]->(b:Method)
RETURN s.factor AS factor, s.text AS claim, s.kind AS kind, s.quantity AS quantity, m.name AS method,
       coalesce(b.name, s.baseline_text) AS baseline, p.id AS paper, s.sentence AS evidence
ORDER BY factor DESC, paper, claim
LIMIT toInteger($limit)

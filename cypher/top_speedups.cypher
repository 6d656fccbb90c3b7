// name: top_speedups
// question: What are the largest claimed speed-ups, by normalised factor?
// @param limit: 10
// example:
MATCH (p:Paper)-[:CLAIMS]->(s:Speedup)
WHERE s.factor IS NOT NULL
OPTIONAL MATCH (s)-[:ABOUT]->(m:Method)
OPTIONAL MATCH (s)-[:OVER]->(b:Method)
RETURN s.factor AS factor, s.text AS claim, s.quantity AS quantity, m.name AS method,
       coalesce(b.name, s.baseline_text) AS baseline, p.caption AS paper, coalesce(s.sentence_plain, s.sentence) AS evidence,
       s.kind AS kind, p.id AS paper_id
ORDER BY factor DESC, paper, paper_id, claim
LIMIT toInteger($limit)

// name: top_speedups
// question: What are the largest claimed speed-ups, by normalised factor?
// @param limit: 10
// example:
//   factor | method | baseline | claim | evidence | paper | quantity | kind | paper_id
//   32.0 | Multimask Flows | null | 32 times | We show that such methods can reduce the number of transiti… | Discrete flow matching, a recen… | number of transitions | reduction | …
//   21.0 | PASO | null | 21× reduction in GD steps | Extensive experiments (e.g., Llama-3.2-1B and diffusion mod… | This paper approaches the funda… | GD steps | reduction | …
MATCH (p:Paper)-[:CLAIMS]->(s:Speedup)
WHERE s.factor IS NOT NULL
OPTIONAL MATCH (s)-[:ABOUT]->(m:Method)
OPTIONAL MATCH (s)-[:OVER]->(b:Method)
RETURN s.factor AS factor, m.name AS method, coalesce(b.name, s.baseline_text) AS baseline, s.text AS claim,
       coalesce(s.sentence_plain, s.sentence) AS evidence, p.caption AS paper, s.quantity AS quantity, s.kind AS kind,
       p.id AS paper_id
ORDER BY factor DESC, paper, paper_id, claim
LIMIT toInteger($limit)

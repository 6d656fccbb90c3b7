// name: top_speedups
// question: What are the largest claimed speed-ups, by normalised factor?
// @param limit: 10
// example:
//   factor | claim | quantity | method | baseline | paper | evidence | kind | paper_id
//   32.0 | 32 times (1024 to 32) to reach… | number of transitions | Multimask Flows | null | Discrete flow matching, a recen… | We show that such methods can reduce the number of transiti… | reduction | paper:001_698bfa1cf1ba64f7.txt#…
//   21.0 | 21× reduction in GD steps | GD steps | PASO | null | This paper approaches the funda… | Extensive experiments (e.g., Llama-3.2-1B and diffusion mod… | reduction | paper:000_31cf4a8c5f162693.txt#8
MATCH (p:Paper)-[:CLAIMS]->(s:Speedup)
WHERE s.factor IS NOT NULL
OPTIONAL MATCH (s)-[:ABOUT]->(m:Method)
OPTIONAL MATCH (s)-[:OVER]->(b:Method)
RETURN s.factor AS factor, s.text AS claim, s.quantity AS quantity, m.name AS method,
       coalesce(b.name, s.baseline_text) AS baseline, p.caption AS paper, coalesce(s.sentence_plain, s.sentence) AS evidence,
       s.kind AS kind, p.id AS paper_id
ORDER BY factor DESC, paper, paper_id, claim
LIMIT toInteger($limit)

// name: claims_without_baseline
// question: Which speed-up claims name no baseline method (none, or only a generic one such as "vanilla dLLMs")?
// @param limit: 25
// example:
//   factor | claim | generic_baseline | quantity | evidence | paper | paper_id
//   32.0 | 32 times | null | number of transitions | We show that such methods can reduce the number of transiti… | Discrete flow matching, a recen… | …
//   21.0 | 21× reduction in GD steps | null | GD steps | Extensive experiments (e.g., Llama-3.2-1B and diffusion mod… | This paper approaches the funda… | …
MATCH (p:Paper)-[:CLAIMS]->(s:Speedup)
WHERE NOT (s)-[:OVER]->(:Method)
RETURN s.factor AS factor, s.text AS claim, s.baseline_text AS generic_baseline, s.quantity AS quantity,
       coalesce(s.sentence_plain, s.sentence) AS evidence, p.caption AS paper, p.id AS paper_id
ORDER BY factor IS NULL, factor DESC, paper, paper_id, claim
LIMIT toInteger($limit)

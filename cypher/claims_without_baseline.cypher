// name: claims_without_baseline
// question: Which speed-up claims name no baseline method (none, or only a generic one such as "vanilla dLLMs")?
// @param limit: 25
// example:
//   factor | claim                            | generic_baseline | quantity        | paper             | evidence
//   21.0   | 21× reduction in GD steps        | null             | GD steps        | paper:000_….txt#8 | Extensive experiments …
MATCH (p:Paper)-[:CLAIMS]->(s:Speedup)
WHERE NOT (s)-[:OVER]->(:Method)
RETURN s.factor AS factor, s.text AS claim, s.baseline_text AS generic_baseline, s.quantity AS quantity,
       p.id AS paper, s.sentence AS evidence
ORDER BY factor IS NULL, factor DESC, paper, claim
LIMIT toInteger($limit)

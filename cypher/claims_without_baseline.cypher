// name: claims_without_baseline
// question: Which speed-up claims name no baseline method (none, or only a generic one such as "vanilla dLLMs")?
// @param limit: 25
// example:
MATCH (p:Paper)-[:CLAIMS]->(s:Speedup)
WHERE NOT (s)-[:OVER]->(:Method)
RETURN s.factor AS factor, s.text AS claim, s.baseline_text AS generic_baseline, s.quantity AS quantity,
       p.caption AS paper, coalesce(s.sentence_plain, s.sentence) AS evidence, p.id AS paper_id
ORDER BY factor IS NULL, factor DESC, paper, paper_id, claim
LIMIT toInteger($limit)

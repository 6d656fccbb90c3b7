// name: claims_over_baseline
// question: Which speed-up claims are made over a given baseline method?
// @param baseline: {"from": "top_baselines", "example": "Fast-dLLM"}
// example:
//   baseline | factor | claim | method | evidence | paper | paper_id
//   Fast-dLLM | 1.3 | 1.3× over Fast-dLLM with less t… | inter-block speculation | Building on Fast-dLLM's dual-cache infrastructure, our fram… | Diffusion-based language models… | …
WITH toLower($baseline) AS wanted
MATCH (p:Paper)-[:CLAIMS]->(s:Speedup)-[:OVER]->(b:Method)
WHERE toLower(b.name) = wanted OR wanted IN [a IN coalesce(b.aliases, []) | toLower(a)]
OPTIONAL MATCH (s)-[:ABOUT]->(m:Method)
RETURN b.name AS baseline, s.factor AS factor, s.text AS claim, m.name AS method, coalesce(s.sentence_plain, s.sentence) AS evidence,
       p.caption AS paper, p.id AS paper_id
ORDER BY factor IS NULL, factor DESC, paper, paper_id, claim

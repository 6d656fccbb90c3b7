// name: top_baselines
// question: Which methods are most often the baseline of a speed-up claim?
// @param limit: 20
// example:
//   baseline  | claims | papers | example_paper      | example_claim
//   Fast-dLLM | 1      | 1      | paper:000_….txt#13 | 1.3× over Fast-dLLM
MATCH (p:Paper)-[:CLAIMS]->(s:Speedup)-[:OVER]->(b:Method)
RETURN b.name AS baseline, count(s) AS claims, count(DISTINCT p) AS papers, min(p.id) AS example_paper, min(s.text) AS example_claim
ORDER BY claims DESC, baseline
LIMIT toInteger($limit)

// name: claims_over_baseline
// question: Which speed-up claims are made over a given baseline method?
// @param baseline: "Fast-dLLM"
// example:
//   baseline  | factor | claim                 | method | paper              | evidence
//   Fast-dLLM | 1.3    | 1.3× over Fast-dLLM   | null   | paper:000_….txt#13 | Building on Fast-dLLM's …
MATCH (p:Paper)-[:CLAIMS]->(s:Speedup)-[:OVER]->(b:Method)
WHERE toLower(b.name) = toLower($baseline) OR b.id = 'method:' + $baseline
OPTIONAL MATCH (s)-[:ABOUT]->(m:Method)
RETURN b.name AS baseline, s.factor AS factor, s.text AS claim, m.name AS method, p.id AS paper, s.sentence AS evidence
ORDER BY factor IS NULL, factor DESC, paper, claim

// name: leaderboard
// question: What results are reported for a dataset and metric, best value first (a small leaderboard)?
// @param dataset: "planar"
// @param metric: "Valid-Unique-Novelty"
// example:
//   method     | value | dataset | metric               | paper             | evidence
//   Graph-GRPO | 95.0  | planar  | Valid-Unique-Novelty | paper:001_….txt#4 | Graph-GRPO achieves 95.0% and …
MATCH (p:Paper)-[:REPORTS]->(r:Result)-[:ON_DATASET]->(d:Dataset), (r)-[:OF_METRIC]->(m:Metric)
WHERE r.kind = 'score'
  AND (toLower(d.name) = toLower($dataset) OR toLower($dataset) IN [a IN coalesce(d.aliases, []) | toLower(a)])
  AND (toLower(m.name) = toLower($metric) OR toLower($metric) IN [a IN coalesce(m.aliases, []) | toLower(a)])
OPTIONAL MATCH (r)-[:BY_METHOD]->(x:Method)
RETURN x.name AS method, r.value AS value, d.name AS dataset, m.name AS metric, p.id AS paper, r.sentence AS evidence
ORDER BY value DESC, paper, method

// name: leaderboard
// question: What results are reported for a dataset and metric, best value first (a small leaderboard)?
// @param dataset: {"from": "top_leaderboards", "example": "CIFAR-100"}
// @param metric: {"from": "top_leaderboards", "example": "accuracy"}
// example:
//   method | value | dataset | metric | evidence | paper | paper_id
//   Depth-progressive Monotonic Lea… | 4.3 | CIFAR-100 | accuracy | Empirically, DMoL consistently matches or outperforms BP ac… | Backpropagation (BP) remains th… | …
MATCH (p:Paper)-[:REPORTS]->(r:Result)-[:ON_DATASET]->(d:Dataset), (r)-[:OF_METRIC]->(m:Metric)
WHERE (toLower(d.name) = toLower($dataset) OR toLower($dataset) IN [a IN coalesce(d.aliases, []) | toLower(a)])
  AND (toLower(m.name) = toLower($metric) OR toLower($metric) IN [a IN coalesce(m.aliases, []) | toLower(a)])
OPTIONAL MATCH (r)-[:BY_METHOD]->(x:Method)
RETURN x.name AS method, r.value AS value, d.name AS dataset, m.name AS metric, coalesce(r.sentence_plain, r.sentence) AS evidence,
       p.caption AS paper, p.id AS paper_id
ORDER BY value DESC, paper, paper_id, method

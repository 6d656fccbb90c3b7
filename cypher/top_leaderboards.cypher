// name: top_leaderboards
// question: Which dataset and metric pairs have the most reported scores (the leaderboards to open)?
// @param limit: 20
// example:
//   dataset | metric | results | papers | best_value
//   MBPP | FID | 1 | 1 | 15.0
//   planar | Valid-Unique-Novelty | 1 | 1 | 95.0
MATCH (p:Paper)-[:REPORTS]->(r:Result)-[:ON_DATASET]->(d:Dataset), (r)-[:OF_METRIC]->(m:Metric)
WHERE r.kind = 'score'
RETURN d.name AS dataset, m.name AS metric, count(r) AS results, count(DISTINCT p) AS papers, max(r.value) AS best_value
ORDER BY results DESC, papers DESC, dataset, metric
LIMIT toInteger($limit)

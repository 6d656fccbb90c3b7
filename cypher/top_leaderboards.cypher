// name: top_leaderboards
// question: Which dataset and metric pairs have the most reported results (the leaderboards to open)?
// @param limit: 20
// example:
//   dataset | metric | results | papers | best_value
//   CIFAR-100 | accuracy | 1 | 1 | 4.3
//   OpenVID-1M | action recognition | 1 | 1 | 11.0
MATCH (p:Paper)-[:REPORTS]->(r:Result)-[:ON_DATASET]->(d:Dataset), (r)-[:OF_METRIC]->(m:Metric)
RETURN d.name AS dataset, m.name AS metric, count(r) AS results, count(DISTINCT p) AS papers, max(r.value) AS best_value
ORDER BY results DESC, papers DESC, dataset, metric
LIMIT toInteger($limit)

// name: metrics_per_task
// question: Which metrics are reported by papers addressing each task?
// @param limit: 50
// example:
//   task                 | metric      | papers | example_paper
//   novel view synthesis | FID         | 1      | paper:001_….txt#2
MATCH (t:Task)<-[:ADDRESSES]-(p:Paper)-[:MEASURED_BY]->(m:Metric)
RETURN t.name AS task, m.name AS metric, count(DISTINCT p) AS papers, min(p.id) AS example_paper
ORDER BY papers DESC, task, metric
LIMIT toInteger($limit)

// name: metrics_per_task
// question: Which metrics are reported by papers addressing each task?
// @param limit: 50
// example:
//   task | metric | papers | example_paper | example_paper_id
//   Graph generation | Valid-Unique-Novelty | 1 | Graph generation is a fundament… | …
//   drug discovery | Valid-Unique-Novelty | 1 | Graph generation is a fundament… | …
MATCH (t:Task)<-[:ADDRESSES]-(p:Paper)-[:MEASURED_BY]->(m:Metric)
WITH t.name AS task, m.name AS metric, count(DISTINCT p) AS papers, min(p.id) AS example_paper_id
MATCH (e:Paper {id: example_paper_id})
RETURN task, metric, papers, e.caption AS example_paper, example_paper_id
ORDER BY papers DESC, task, metric
LIMIT toInteger($limit)

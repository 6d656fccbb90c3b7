// name: methods_sharing_datasets
// question: Which methods of other papers are evaluated on the same datasets as a given method?
// @param method: "MultiDAP"
// @param limit: 20
// example:
//   method                               | shared_datasets | example_dataset | example_paper
//   Depth-progressive Monotonic Learning | 1               | CIFAR-100       | paper:000_….txt#6
MATCH (m:Method)<-[:PROPOSES|USES]-(p:Paper)-[:EVALUATED_ON]->(d:Dataset)<-[:EVALUATED_ON]-(q:Paper)-[:PROPOSES|USES]->(o:Method)
WHERE (toLower(m.name) = toLower($method) OR toLower($method) IN [a IN coalesce(m.aliases, []) | toLower(a)]) AND o <> m AND q <> p
RETURN o.name AS method, count(DISTINCT d) AS shared_datasets, min(d.name) AS example_dataset, min(q.id) AS example_paper
ORDER BY shared_datasets DESC, method
LIMIT toInteger($limit)

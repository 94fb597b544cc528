"""Les textes en français."""

TEXTS_FR = {
    "WRITING": {
        "HEADLINE": """Écris {n} titres d'annonce pour le produit « {product} ».
Chaque titre fait au plus trente caractères, sans point d'exclamation ni majuscules inutiles.
Ne promets ni prix ni délai de livraison, et ne cite aucune marque concurrente. Écris pour des
clients qui comparent des produits sur une page de recherche : les avantages concrets d'abord,
des mots simples, pas d'argot. Réponds avec une liste JSON de chaînes, sans texte autour.""",
    },
}

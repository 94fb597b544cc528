EDITION = "basic"
